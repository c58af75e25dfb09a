/**
 * The XML representation of a current observation, as one type that the server's builder must
 * satisfy and the client's decoder navigates: an element or attribute renamed here breaks both at
 * compile time. Attributes are members named with ATTRIBUTE_PREFIX (the XML builder and parser
 * are both configured with it); an element's text content is its value.
 */
export const ATTRIBUTE_PREFIX = '@_';

type Value = string | number;

/** Attributes of an element, as members with the prefix. */
type Attributes<T> = {
  readonly [K in keyof T as K extends string ? `${typeof ATTRIBUTE_PREFIX}${K}` : never]: T[K];
};

export interface XmlCurrent {
  readonly city: Attributes<{ id: Value; name: string }> & {
    readonly coord: Attributes<{ lon: Value; lat: Value }>;
    readonly country: Value;
    readonly timezone?: Value;
    readonly sun?: Attributes<{ rise: string; set: string }>;
  };
  readonly temperature: Attributes<{ value: Value; min?: Value; max?: Value; unit: string }>;
  readonly feels_like?: Attributes<{ value: Value; unit: string }>;
  readonly humidity: Attributes<{ value: Value; unit: string }>;
  readonly pressure: Attributes<{ value: Value; unit: string }>;
  readonly wind: {
    readonly speed: Attributes<{ value: Value; unit: string; name: string }>;
    /** An empty element when there is no gust. */
    readonly gusts?: Attributes<{ value: Value }> | '';
    readonly direction?: Attributes<{ value: Value; code: string; name: string }>;
  };
  readonly clouds?: Attributes<{ value: Value; name: string }>;
  readonly visibility?: Attributes<{ value: Value }>;
  /** mode `no`, `rain` or `snow`; unit `1h` or `3h`. */
  readonly precipitation?: Attributes<{ value?: Value; mode: string; unit?: string }>;
  readonly weather: Attributes<{ number: Value; value: string; icon: string }>;
  readonly lastupdate: Attributes<{ value: string }>;
}

export interface XmlCurrentDocument {
  readonly current: XmlCurrent;
}

/** The XML error body (the spec's root `ClientError`; the live service has also sent `Error`). */
export interface XmlError {
  readonly cod: Value;
  readonly message: string;
}

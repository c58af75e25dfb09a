// postject ships no types; this is the part of its API (dist/api.js) that scripts/package.mjs uses.
declare module 'postject' {
  interface InjectOptions {
    readonly machoSegmentName?: string;
    readonly overwrite?: boolean;
    readonly sentinelFuse?: string;
  }
  interface Postject {
    inject(
      filename: string,
      resourceName: string,
      resourceData: Uint8Array,
      options?: InjectOptions,
    ): Promise<void>;
  }
  const postject: Postject;
  export default postject;
}

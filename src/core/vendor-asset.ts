/**
 * A package the single executable carries as an asset instead of in its bundle (scripts/package.mjs
 * says which: undici, half the bundle's source, used only for calls through a proxy). Every start
 * of the executable deserialises the bundle's source from the startup snapshot, so code that few
 * runs need is cheaper kept beside it. The file is evaluated on first use as node evaluates a
 * CommonJS module, and may require node's built-in modules only.
 */
export function vendorAsset(name: string): unknown {
  const { getAsset } = process.getBuiltinModule('node:sea');
  const { compileFunction } = process.getBuiltinModule('node:vm');
  const filename = `vendor/${name}.cjs`;
  const module = { exports: {} };
  // The wrapper node gives a CommonJS module: (exports, require, module, __filename, __dirname).
  const evaluate = compileFunction(
    getAsset(filename, 'utf8'),
    ['exports', 'require', 'module', '__filename', '__dirname'],
    { filename },
  ) as (
    exports: object,
    require: (id: string) => unknown,
    module: { exports: object },
    filename: string,
    dirname: string,
  ) => void;
  evaluate(module.exports, requireBuiltin, module, filename, 'vendor');
  return module.exports;
}

/** `require` for a vendor file: node's built-in modules, as require() would throw for the rest. */
function requireBuiltin(id: string): unknown {
  const found: unknown = process.getBuiltinModule(id);
  if (found !== undefined) return found;
  throw Object.assign(new Error(`Cannot find module '${id}'`), { code: 'MODULE_NOT_FOUND' });
}

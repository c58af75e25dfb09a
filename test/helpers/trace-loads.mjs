// Loaded with `node --import`: records every module URL the process resolves, one per line, in
// the file named by WEATHER_TRACE_LOADS, so a test can see which chunks a command pulled in.
import { register } from 'node:module';

register(
  `data:text/javascript,${encodeURIComponent(`
    import { appendFileSync } from 'node:fs';
    export async function resolve(specifier, context, next) {
      const resolved = await next(specifier, context);
      appendFileSync(${JSON.stringify(process.env.WEATHER_TRACE_LOADS)}, resolved.url + '\\n');
      return resolved;
    }
  `)}`,
);

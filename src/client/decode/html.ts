import type { HttpResponse } from '../../core/http.js';
import { HTML_WIDGET_MARK } from '../../core/protocol.js';
import { DecodeProblem } from './fields.js';

/**
 * A `mode=html` answer is printed as it came, so it is not decoded; it has to be the API's widget:
 * HTML, not empty, and carrying the widget's mark.
 */
export function checkWidget(response: HttpResponse): void {
  const type = response.headers['content-type'] ?? '';
  if (response.body.byteLength === 0) {
    throw new DecodeProblem('expected an HTML body, got an empty body');
  }
  if (!type.startsWith('text/html')) {
    throw new DecodeProblem(`expected an HTML body, got ${type || 'no content type'}`);
  }
  if (!Buffer.from(response.body).toString('utf8').includes(HTML_WIDGET_MARK)) {
    throw new DecodeProblem(
      "expected the API's HTML widget, got another HTML page (a captive portal or a login page?)",
    );
  }
}

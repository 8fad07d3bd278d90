/** Boundary sanitisers shared by the autoui server, the canvas and the widgets. */
export { sanitizeImageUrl, sanitizeLinkUrl, allowedLinkSchemes, allowedDataImageTypes } from './url';
export type { ImageUrlOptions } from './url';
export { sanitizeStyle, styleToCss, allowedStyleProperties } from './style';
export { sanitizeParams } from './params';
export type { SanitizeIssue, SanitizeParamsOptions } from './params';
export type { Sanitized } from './result';

/** Saving generated content as a file lives in `shared/` (the console uses it too). */
export { downloadText, downloadUrl } from '$lib/shared/download';

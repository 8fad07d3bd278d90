/** The app is a client-rendered single page; the Node server only serves the shell and APIs. */
import '$lib/shared/zod-jitless';

export const ssr = false;
export const prerender = false;

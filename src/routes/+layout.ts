/** The app is a client-rendered single page; the Node server only serves the shell and APIs. */
export const ssr = false;
export const prerender = false;

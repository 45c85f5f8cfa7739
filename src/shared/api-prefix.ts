/** Where the server answers its API, and the one place the page, the worker and the server name it. */
export const API_PREFIX = '/api/v1';

/** Full-page navigation (leaving the SPA, e.g. to the identity provider); an object so tests can spy on it. */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

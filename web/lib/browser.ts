// Leaving the page (to Stripe, or to / after signing out) and reloading it, in one place
// components and tests share.
export const browser = {
  go(url: string): void {
    window.location.assign(url);
  },
  reload(): void {
    window.location.reload();
  },
};

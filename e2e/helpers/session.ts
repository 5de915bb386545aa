import { request as playwrightRequest, type Page } from 'playwright-core';
import { afterEach, beforeEach, inject } from 'vitest';
import { launchBrowser, type BrowserSession } from './browser';
import { completeOnboarding, newAccount, registerAccount, type TestAccount } from './api';

export const baseURL = () => inject('baseURL');

/**
 * A fresh browser (own profile, no cookies) for every test in the calling file. Console errors
 * other than expected HTTP failures are collected so a test can assert the page stayed healthy.
 */
export function useBrowser(viewport = { width: 1440, height: 900 }) {
  const state: { session?: BrowserSession; page?: Page; errors: string[] } = { errors: [] };
  beforeEach(async () => {
    state.errors = [];
    state.session = await launchBrowser({ baseURL: baseURL(), viewport });
    state.page = state.session.context.pages()[0] ?? (await state.session.context.newPage());
    state.page.on('pageerror', (error) => state.errors.push(error.message));
  });
  afterEach(async () => {
    await state.session?.close();
  });
  return {
    get page(): Page {
      if (!state.page) throw new Error('The browser is not started');
      return state.page;
    },
    get context() {
      if (!state.session) throw new Error('The browser is not started');
      return state.session.context;
    },
    get pageErrors() {
      return state.errors;
    },
  };
}

/** Creates an account through the API outside the browser (the browser stays signed out). */
export async function createAccount(options: { onboard?: boolean } = {}): Promise<TestAccount> {
  const api = await playwrightRequest.newContext({ baseURL: baseURL() });
  try {
    const account = await registerAccount(api, newAccount());
    if (options.onboard ?? true) await completeOnboarding(api);
    return account;
  } finally {
    await api.dispose();
  }
}

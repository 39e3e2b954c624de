import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { ComponentType } from 'react';
import type { api } from './api';

export type ApiDispatch = ThunkDispatch<{ [api.reducerPath]: ReturnType<typeof api.reducer> }, unknown, UnknownAction>;

export interface PrefetchArgs {
  params: Record<string, string | undefined>;
  url: URL;
  dispatch: ApiDispatch;
}

/**
 * A page that names the reads it renders from: the router's navigation starts them and waits (a little) for them,
 * so the page's first render already has its data: one render instead of a loading state and then the page, and
 * the data arrives inside the navigation's transition, which React renders in slices instead of one long task.
 */
export type PrefetchingPage = ComponentType & { prefetch?: (args: PrefetchArgs) => Promise<unknown> };

/** A page component with its prefetch. */
export const withPrefetch = <P extends ComponentType>(page: P, prefetch: (args: PrefetchArgs) => Promise<unknown>) =>
  Object.assign(page, { prefetch });

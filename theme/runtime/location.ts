import { createContext, useContext } from 'react';

/** Where the reader is. On the server only the route is known. */
export interface Location {
  route: string;
  search: string;
  hash: string;
}

export const LocationContext = createContext<Location>({ route: '/', search: '', hash: '' });

export function useLocation(): Location {
  return useContext(LocationContext);
}

type Navigate = (href: string, options?: { replace?: boolean }) => void;

let current: Navigate = (href) => window.location.assign(href);
let reload: () => Promise<void> = async () => window.location.reload();

/** Client-side navigation (a full load until the router has mounted). */
export function navigate(href: string, options?: { replace?: boolean }): void {
  current(href, options);
}

/** Loads the current page's data again and re-renders it in place, keeping the scroll position. */
export function refresh(): Promise<void> {
  return reload();
}

export function setNavigator(fn: Navigate, refresher: () => Promise<void>): void {
  current = fn;
  reload = refresher;
}

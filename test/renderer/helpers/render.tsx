/**
 * Renders inside the app's server-data provider (a fresh query client per test, listening to the
 * fake engine's events like the app does), and hands the client back for tests that look into it.
 */
import { render as renderDom, type RenderOptions } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactElement, ReactNode } from 'react';
import { createQueryClient } from '../../../renderer/src/data/queryClient';
import { ServerDataProvider } from '../../../renderer/src/data/ServerDataProvider';

export function render(
  ui: ReactElement,
  { client = createQueryClient(), ...options }: Omit<RenderOptions, 'wrapper'> & { client?: QueryClient } = {},
) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ServerDataProvider client={client}>{children}</ServerDataProvider>
  );
  return { ...renderDom(ui, { ...options, wrapper }), client };
}

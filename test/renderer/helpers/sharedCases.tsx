/** Cases the data views share, written once: each view's test file passes what differs. */
import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { expect, it } from 'vitest';
import type { MethodName } from '../../../shared/contract';
import { fails, useFakeEngine, type FakeHandlers } from './fakeClient';
import { render } from './render';

/** When the engine fails `method` (a read the view opens with), the view says the engine's words in an alert. */
export function itShowsTheEnginesError(
  view: () => ReactElement,
  method: MethodName,
  message: string,
  answers: FakeHandlers = {},
): void {
  it('shows the engine’s error in words', async () => {
    useFakeEngine({ ...answers, [method]: fails('STORE', message) });
    render(view());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
}

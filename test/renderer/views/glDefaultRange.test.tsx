import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { GlBatchesView } from '../../../renderer/src/views/gl-batches/GlBatchesView';
import { never, useFakeEngine, type FakeHandlers } from '../helpers/fakeClient';
import { render } from '../helpers/render';
import * as make from '../helpers/fixtures';

const base: FakeHandlers = {
  'payees.list': () => [make.payee()],
  'settings.get': () => make.settings(),
  'glBatches.list': () => make.glReport([make.glLine()]),
};

describe('GL Batches opens on the default range', () => {
  it('asks the engine for the range first, shows it with the reason, and never reads the week before', async () => {
    const engine = useFakeEngine({
      ...base,
      'glBatches.defaultRange': () => ({ from: '2026-02-01', to: '2026-02-28', reason: 'not_exported' }),
    });
    render(<GlBatchesView />);
    expect(
      await screen.findByText('Showing Feb 1, 2026 to Feb 28, 2026: the oldest period with deposits not yet exported.'),
    ).toHaveAttribute('role', 'note');
    expect(screen.getByLabelText('From (Central)')).toHaveValue('2026-02-01');
    expect(screen.getByLabelText('To (Central)')).toHaveValue('2026-02-28');
    await waitFor(() => expect(engine.callsOf('glBatches.list').length).toBeGreaterThan(0));
    for (const args of engine.callsOf('glBatches.list')) expect(args).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  });

  it('keeps the range the bookkeeper chose while the default was on its way', async () => {
    const engine = useFakeEngine({ ...base, 'glBatches.defaultRange': never() });
    render(<GlBatchesView />);
    const from = screen.getByLabelText('From (Central)');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-01-05');
    engine.answer({
      'glBatches.defaultRange': () => ({ from: '2026-02-01', to: '2026-02-28', reason: 'not_exported' }),
    });
    expect(screen.getByLabelText('From (Central)')).toHaveValue('2026-01-05');
    expect(screen.queryByText(/^Showing /)).not.toBeInTheDocument();
  });
});

/** Payments: the writes that need a person, and recording what a school office collected (DESIGN.md §12). */
import { useState } from 'react';
import { RoleLocked } from '../../components/RoleLocked';
import { CheckBatchForm } from './CheckBatchForm';
import { CollectionForm } from './CollectionForm';
import { DepositSlips } from './DepositSlips';
import { IntentsInDoubt } from './IntentsInDoubt';
import './payments.css';

export function PaymentsView() {
  const [mode, setMode] = useState<'one' | 'checks'>('one');
  return (
    <section aria-labelledby="view-title" className="view payments-view">
      <h1 id="view-title">Payments</h1>
      <IntentsInDoubt />
      <section className="panel" aria-labelledby="collect-title">
        <div className="panel-head">
          <h2 id="collect-title">Record a collection</h2>
          <div role="group" aria-label="Entry mode" className="segmented">
            <button type="button" className="button" aria-pressed={mode === 'one'} onClick={() => setMode('one')}>
              One payment
            </button>
            <button type="button" className="button" aria-pressed={mode === 'checks'} onClick={() => setMode('checks')}>
              A stack of checks
            </button>
          </div>
        </div>
        <RoleLocked method="payments.collect" what="Recording a collection">
          {mode === 'one' ? <CollectionForm /> : <CheckBatchForm />}
        </RoleLocked>
      </section>
      <RoleLocked method="slips.create" what="Making a deposit slip">
        <DepositSlips />
      </RoleLocked>
    </section>
  );
}

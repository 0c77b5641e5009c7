import type { ReactNode } from 'react';
import type { MethodName } from '../../../shared/contractNames';
import { useWhyNot } from '../hooks/useCan';
import './roleLocked.css';

/**
 * Forms the signed-in role may read but not save (settings for a non-admin): shown as they are,
 * every control disabled at once by the fieldset, with the reason above them. Unlocked when the
 * role allows `method`, and always in single-user mode.
 */
export function RoleLocked({ method, what, children }: { method: MethodName; what: string; children: ReactNode }) {
  const whyNot = useWhyNot(method);
  if (!whyNot) return <>{children}</>;
  return (
    <>
      <p className="muted" role="note">
        {what}: {whyNot}
      </p>
      <fieldset className="role-locked" disabled title={whyNot}>
        {children}
      </fieldset>
    </>
  );
}

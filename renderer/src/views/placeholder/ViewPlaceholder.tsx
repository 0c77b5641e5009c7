import type { AppInfo } from '../../../../shared/contract';

export function ViewPlaceholder({ title, info }: { title: string; info: AppInfo | null }) {
  return (
    <section aria-labelledby="view-title">
      <h1 id="view-title">{title}</h1>
      <div className="empty-state">
        <p>Nothing here yet. Run a sync to bring in deposits, transactions and GL batches.</p>
        {info && (
          <p className="muted">
            Data folder: <code>{info.dataFolder}</code>
          </p>
        )}
      </div>
    </section>
  );
}

/** Long work's progress. `fraction` null = indeterminate (the engine cannot estimate yet). */
export function ProgressBar({ label, fraction, detail }: { label: string; fraction: number | null; detail?: string }) {
  const percent = fraction === null ? null : Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  return (
    <div className="progress">
      <div className="progress-text">
        <span>{label}</span>
        {detail && <span className="muted">{detail}</span>}
      </div>
      <div
        className={percent === null ? 'progress-track progress-indeterminate' : 'progress-track'}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        aria-valuetext={percent === null ? (detail ?? 'Working') : `${percent}%`}
      >
        <div className="progress-fill" style={{ width: percent === null ? '30%' : `${percent}%` }} />
      </div>
    </div>
  );
}

import { formatTimeLeft } from '../../../shared/estimate';
import type { OpeningProgress } from '../../../shared/desktopHost';
import { formatCount } from '../format';
import { ProgressBar } from './ProgressBar';

/** "1,200 of 6,000 deposits checked, about 20 s left"; nothing to count yet while the file opens. */
export function openingDetail(progress: OpeningProgress): string | undefined {
  if (progress.total === 0) return undefined;
  const counted = `${formatCount(progress.done)} of ${formatCount(progress.total)} deposits checked`;
  const left = formatTimeLeft(progress.secondsLeft);
  return left ? `${counted}, ${left}` : counted;
}

/**
 * What the desktop window shows while the store opens: after an upgrade the first open re-checks
 * every deposit that lacks its checks, which on a big store takes a while.
 */
export function OpeningScreen({ progress }: { progress: OpeningProgress }) {
  const counting = progress.total > 0;
  return (
    <section className="view view-narrow" aria-labelledby="opening-title">
      <h1 id="opening-title">Opening your data</h1>
      <ProgressBar
        label="Opening your data"
        fraction={counting ? progress.done / progress.total : null}
        detail={openingDetail(progress)}
      />
      {counting && (
        <p className="muted">
          After an update District Recon checks each deposit once; your views open as soon as it is done.
        </p>
      )}
    </section>
  );
}

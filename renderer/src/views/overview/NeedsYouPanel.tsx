import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import type { NeedsYou } from '../../../../shared/domain';
import { formatCount } from '../../format';
import { useShortcuts } from '../../hooks/useShortcuts';
import { openIntents } from '../payments/IntentsInDoubt';
import { paymentItem } from '../payments/intentsNeedingYou';
import { actionItems } from './needsYouItems';

/**
 * The first thing on the morning screen: only what asks for action, most serious first, each item one
 * click (or `n` for the most serious, `j`/`k` then Enter for the rest) from its detail. When nothing
 * does, one line says so.
 */
export function NeedsYouPanel({ needsYou }: { needsYou: NeedsYou }) {
  const intents = useQuery(openIntents()).data;
  const payments = intents ? paymentItem(intents, Date.now()) : null;
  const items = payments ? [payments, ...actionItems(needsYou)] : actionItems(needsYou);
  const first = items.find((item) => item.href);
  const list = useRef<HTMLUListElement>(null);

  function moveFocus(step: 1 | -1) {
    const links = [...(list.current?.querySelectorAll<HTMLAnchorElement>('a[href]') ?? [])];
    if (links.length === 0) return;
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    const next = at === -1 ? (step === 1 ? 0 : links.length - 1) : (at + step + links.length) % links.length;
    links[next]?.focus();
  }
  useShortcuts({
    n: () => {
      if (first?.href) window.location.hash = first.href;
    },
    j: () => moveFocus(1),
    k: () => moveFocus(-1),
  });

  return (
    <section className="panel needs-you" aria-labelledby="needs-you-title">
      <div className="panel-head">
        <h2 id="needs-you-title">Needs you</h2>
        {items.length > 0 && (
          <span className="muted small">
            {formatCount(needsYou.count + (payments?.count ?? 0))} to look at · <kbd>n</kbd> opens the first
          </span>
        )}
      </div>
      {items.length === 0 ? (
        <p className="needs-you-none">Nothing needs you: every deposit ties out and nothing went back.</p>
      ) : (
        <ul className="needs-you-list" ref={list}>
          {items.map((item) => (
            <li key={item.id} className={`needs-you-item needs-you-${item.id}`}>
              <div className="needs-you-title">
                {item.href ? (
                  <a href={item.href} aria-keyshortcuts={item === first ? 'n' : undefined}>
                    {item.title}
                  </a>
                ) : (
                  <strong>{item.title}</strong>
                )}
                {item.detail && <span className="muted"> · {item.detail}</span>}
              </div>
              {item.links.length > 0 && (
                <ul className="needs-you-links">
                  {item.links.map((link) => (
                    <li key={link.href + link.label}>
                      <a href={link.href}>{link.label}</a>
                      {link.note && <span className="muted"> · {link.note}</span>}
                    </li>
                  ))}
                  {item.more > 0 && <li className="muted">and {formatCount(item.more)} more</li>}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

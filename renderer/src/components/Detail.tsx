import type { ReactNode } from 'react';
import { methodLabel } from '../format';
import { hrefFor, type ViewId } from '../routes';
import { BusinessDate } from './Dates';
import { Money } from './Money';
import { QueryStatus } from './Status';

/** One fact of a detail page: its name, its value, and the value's class (e.g. 'mono'). */
export type Fact = [term: string, value: ReactNode, className?: string];

/** A figure in dollars; `strong` for the one the others make up or come off. */
export function moneyFact(term: string, cents: number, { strong = false } = {}): Fact {
  return [term, <Money cents={cents} strong={strong} />];
}

/** Named figures or facts of one item, as a description list. */
export function Facts({ facts, className = 'totals' }: { facts: Fact[]; className?: string }) {
  return (
    <dl className={className}>
      {facts.map(([term, value, valueClass]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd className={valueClass}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** "List › Item" above a detail page. */
export function Breadcrumb({ view, title, item }: { view: ViewId; title: string; item: string }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumb">
      <a href={hrefFor(view)}>{title}</a> <span aria-hidden="true">›</span> <span>{item}</span>
    </nav>
  );
}

/** A detail page's title (the item and its payee), its Central business date and method, and what sits beside them. */
export function DetailHead(props: { title: string; payee: string; date: string; method: string; children: ReactNode }) {
  return (
    <div className="detail-head">
      <div>
        <h1 id="view-title">
          {props.title} <span className="muted">· {props.payee}</span>
        </h1>
        <p className="muted">
          Business date (Central): <BusinessDate date={props.date} /> · {methodLabel(props.method)}
        </p>
      </div>
      {props.children}
    </div>
  );
}

/** A detail page: its breadcrumb, its read's loading or error, then the item. */
export function DetailPage<D>({
  view,
  title,
  item,
  query,
  loading,
  children,
}: {
  view: ViewId;
  title: string;
  item: string;
  query: Parameters<typeof QueryStatus>[0]['query'] & { data: D | undefined };
  loading: string;
  children(detail: D): ReactNode;
}) {
  return (
    <section aria-labelledby="view-title" className="view">
      <Breadcrumb view={view} title={title} item={item} />
      <QueryStatus query={query} loading={loading} />
      {query.data !== undefined && children(query.data)}
    </section>
  );
}

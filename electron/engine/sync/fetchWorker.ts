/**
 * The fetch worker (a worker_threads entry): fetches, parses and validates the day walks of a pass
 * and posts each page to the main thread, which then only writes. At most `ahead` pages are in
 * flight to the writer; the walks' own prefetch keeps the service busy meanwhile.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { ServiceClient } from '../api/client';
import { AheadBound, heldBytesOf } from './aheadBound';
import { runThisThreadInBackground } from './backgroundPriority';
import { glDayRows, transactionDayPages, type DayItem } from './dayWalks';
import { transactionDetailChunks } from './detailWalks';
import { transferablesOf } from './packedPages';
import { FETCH_THREAD_NAME, nameThisThread } from './threadName';
import {
  errorFromWire,
  errorToWire,
  type FromWorker,
  type ToWorker,
  type WalkRequest,
  type WorkerSetup,
} from './workerProtocol';

const port = parentPort!;
const setup = workerData as WorkerSetup;
if (setup.background) runThisThreadInBackground();
nameThisThread(FETCH_THREAD_NAME);
const post = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

const waits = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
let nextWait = 0;
const client = new ServiceClient({
  ...setup.connection,
  onRetry: (info) => post({ type: 'retry', info }),
  // One budget per run, kept on the main thread: the worker's retries spend it too.
  waiter: {
    wait: (wait) =>
      new Promise<void>((resolve, reject) => {
        const id = ++nextWait;
        waits.set(id, { resolve, reject });
        post({ type: 'wait', id, wait });
      }),
  },
});

interface Current {
  walk: number;
  ahead: AheadBound;
  stopped: boolean;
  wake: (() => void) | null;
}
let current: Current | null = null;

function wake(state: Current): void {
  const resume = state.wake;
  state.wake = null;
  resume?.();
}

port.on('message', (message: ToWorker) => {
  switch (message.type) {
    case 'walk':
      void walk(message);
      break;
    case 'ack':
      if (current?.walk === message.walk) {
        current.ahead.taken();
        wake(current);
      }
      break;
    case 'stop':
      if (current?.walk === message.walk) {
        current.stopped = true;
        wake(current);
      }
      break;
    case 'waited': {
      const pending = waits.get(message.id);
      waits.delete(message.id);
      if (message.error) pending?.reject(errorFromWire(message.error));
      else pending?.resolve();
      break;
    }
  }
});

async function walk(request: WalkRequest): Promise<void> {
  const state: Current = {
    walk: request.walk,
    ahead: new AheadBound(setup.ahead, setup.aheadBytes),
    stopped: false,
    wake: null,
  };
  current = state;
  const items: AsyncGenerator<DayItem<unknown>> =
    request.kind === 'transactions'
      ? transactionDayPages(client, request.days, request.start, request.known)
      : request.kind === 'gl'
        ? glDayRows(client, request.days, request.limits, request.known)
        : transactionDetailChunks(client, request.ids, request.inFlight);
  try {
    for await (const { item, value } of items) {
      const size = heldBytesOf(value);
      while (!state.ahead.admits(size) && !state.stopped) await new Promise<void>((resolve) => (state.wake = resolve));
      if (state.stopped) break;
      state.ahead.sent(size);
      post({ type: 'item', walk: request.walk, item, value }, transferablesOf(value));
    }
    if (!state.stopped) post({ type: 'end', walk: request.walk });
  } catch (error) {
    if (!state.stopped) post({ type: 'error', walk: request.walk, error: errorToWire(error) });
  } finally {
    if (current === state) current = null;
  }
}

post({ type: 'ready' });

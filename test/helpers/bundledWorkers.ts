/**
 * Setup file of the node projects: the engine's worker threads (the sync's fetches, checkpoints,
 * backups) start from this run's bundle (test/helpers/cliBundle.ts) rather than loading the sources
 * through tsx, which cost each of them seconds of CPU: a sync test starts one per run
 * (electron/engine/workerBoot.mjs).
 */
import { inject } from 'vitest';

const bundle = inject('cliBundle');
if (bundle) process.env.RECON_WORKER_BUNDLE = bundle;

/** Setup file of the node projects: what helpers queued with afterThisFile runs after each test file. */
import { afterAll } from 'vitest';
import { runFileCleanups } from './fileCleanup';

afterAll(runFileCleanups);

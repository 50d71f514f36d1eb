import { afterEach, beforeEach } from 'vitest';
import { closeTestPages, trackTestPages } from './fixtures';

// Pages a test opens are closed when it ends; those opened in `beforeAll` live for the file.
beforeEach(() => trackTestPages());
afterEach(() => closeTestPages());

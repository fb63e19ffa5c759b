import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// Pages load their data asynchronously; on a busy 2-core CI machine 1 s is not always enough.
configure({ asyncUtilTimeout: 5000 });

// Vitest runs without globals, so Testing Library cannot register its cleanup by itself.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

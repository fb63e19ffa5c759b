import { z } from 'zod';

// The server's Content-Security-Policy forbids eval: without this, zod's first object parse
// probes `Function('')` for its JIT, which the browser blocks and logs as a CSP violation.
z.config({ jitless: true });

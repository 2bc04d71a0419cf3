#!/usr/bin/env node
// The package's command (seller-connect-conformance, alias scc). The suite is TypeScript, run as it is
// by tsx (a dependency): no build step, and the files a user reads in node_modules are the ones that run.
// This registers tsx's loader in this process and hands over to scripts/cli.ts.
import { register } from 'tsx/esm/api';

register();
await import('../scripts/cli.ts');

/**
 * The settings of Playwright's runner process, read once and handed on: playwright.config.ts
 * reads them (`readCurrentSettings`, settings/settings.ts, once per process) before webServer
 * starts the embedded reference on a port the system picks and puts in REFERENCE_PORT. Global
 * setup and the conformance reporter take that same read through `runnerSettings`, with only
 * the reference's addresses moved to that port, instead of reading the environment again.
 */
import { int } from './read.js';
import { referenceAddresses } from '../reference/config.js';
import { environment } from './run-context.js';
import { readCurrentSettings, type Settings, type SettingsError } from './settings.js';

export function runnerSettings(): { settings: Settings; problems: SettingsError[] } {
  const read = readCurrentSettings();
  if (!read.settings.embedded) return read;
  let port: number;
  try {
    port = int({ REFERENCE_PORT: environment.referencePort() }, 'REFERENCE_PORT', 0, 1);
  } catch {
    return read; // webServer's ready line gives digits; a bad REFERENCE_PORT of the user's is in `problems` already
  }
  if (port === 0 || port === read.settings.referencePort) return read;
  const at = referenceAddresses(port);
  return { ...read, settings: { ...read.settings, referencePort: port, baseUrl: at.baseUrl, authUrl: at.authUrl, controlUrl: read.settings.controlUrl && at.controlUrl } };
}

/**
 * A server process that only runs jobs, for the test that kills a worker mid-job
 * (tests/server/renditions.test.ts). It reads its database and settings from the environment
 * (EDUPORTAL_TEST_DATABASE: the database config as JSON) and prints "ready" once its workers
 * run; the test watches the jobs table to see what it does.
 */
import { buildApp } from '../../src/server/app.ts';
import { loadConfig, type Config } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/database.ts';

const database = JSON.parse(process.env.EDUPORTAL_TEST_DATABASE!) as Config['database'];
const config: Config = { ...loadConfig(process.env), database };
const db = openDatabase(database);
const app = await buildApp({ config, db, logger: false });
await app.ready();
process.stdout.write('ready\n');

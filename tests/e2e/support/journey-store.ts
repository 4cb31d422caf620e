import { startServer } from '../../../src/server/start-server';
import { TEST_PASSWORD_COST } from '../../../src/server/testing/test-app';

// The store as `npm start` runs it, except that passwords are hashed at the tests' cheap cost:
// the journeys sign up and sign in a shopper each, and the store answers them one at a time.
await startServer({ passwordCost: TEST_PASSWORD_COST });

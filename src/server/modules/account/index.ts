// The account module's public entry: a shopper's rights over their own data (decision 0063).
export {
  ACCOUNT_RIGHTS_LIMITS,
  type AccountService,
  CONFIRMATION_WRONG,
  createAccountService,
  deleteSpentEmailChanges,
  EMAIL_CHANGE_HOURS,
  EMAIL_CHANGE_MESSAGES,
  ERASED_NAME,
  STAFF_CANNOT_ERASE,
} from './account-service';
export { accountRoutes } from './routes';

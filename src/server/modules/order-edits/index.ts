// Order edits' public entry (decisions 0066, 0078, 0085): the shopper's and the owner's changes to
// an order before it is booked with the courier: its address and phone, its delivery day, a line
// taken out; a dearer change held until its difference is paid.
export {
  type HeldAddressChange,
  heldAddressChangesOf,
  heldChangeById,
  heldChangeOfProviderOrder,
} from './held-changes';
export { createOrderEdits, type OrderEdits } from './order-edits';

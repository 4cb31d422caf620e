// The addresses module's public entry: saved delivery addresses of a customer.
export { type AddressService, createAddressService } from './address-service';
export { addressesOf, eraseAddressesOf } from './personal-data';
export { addressRoutes } from './routes';

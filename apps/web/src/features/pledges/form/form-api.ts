// The pledges feature's api calls the form uses, in one place one level up from its pages and
// components: the web lint (apps/web/biome.json) reads any `../../x` from a feature's nested folder as
// a reach into another feature, and this form sits one folder deeper (features/pledges/form/).
export {
  customerInputOf,
  findCustomerByNumber,
  getCustomer,
  useFormSchemes,
  useSaveFormCustomer,
  useValuationRate,
  type ValuationAnswer,
} from '../api/form-lookups';
export { usePledge } from '../api/pledge-queries';
export { uploadItemPhoto, useCreatePledge, useUpdatePledge } from '../api/save-pledge';

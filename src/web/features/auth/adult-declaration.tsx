import type { ComponentProps } from 'react';
import { ADULT_LABEL } from '../../../shared/auth-rules';
import { CollectionNotice } from '../../components/collection-notice';
import { CheckboxField } from '../../components/form-field';

/**
 * Decision 0063: the "I am 18 or older" box at sign-up and at a new number's first code. Unticked
 * to start with; its message (ADULT_REQUIRED) is read with it when it is missing. The notice at
 * collection goes with it: both are where an account is made.
 */
export function AdultDeclaration(input: Omit<ComponentProps<typeof CheckboxField>, 'label' | 'announced'>) {
  return (
    <div className="flex flex-col gap-1">
      <CheckboxField label={ADULT_LABEL} announced className="font-semibold" {...input} />
      <CollectionNotice />
    </div>
  );
}

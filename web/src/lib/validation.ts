/**
 * Form and data validation messages in pt_BR (docs/contracts.md#password-strength: "form validation
 * messages use the pt_BR texts of a validation library"): zod's own pt-BR locale is the default for
 * every schema. Imported by the navigation layout, whose screens hold every form but the login one
 * (that one writes its own pt_BR messages, and /login must stay small), and by the test set-up.
 */
import * as z from 'zod/mini';
import ptBR from 'zod/v4/locales/pt-BR.js';

z.config(ptBR());

/** Shows the greeting of a login that just succeeded (login-greeting.ts), once, in the navigation layout. */
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { LOGIN_SUCCESS_MESSAGE, LOGIN_SUCCESS_TITLE, takeLoginGreeting } from '../login-greeting';

export function useLoginGreeting(): void {
  useEffect(() => {
    if (takeLoginGreeting()) {
      notifications.show({ color: 'teal', title: LOGIN_SUCCESS_TITLE, message: LOGIN_SUCCESS_MESSAGE });
    }
  }, []);
}

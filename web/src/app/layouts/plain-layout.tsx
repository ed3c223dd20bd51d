/**
 * Plain layout (docs/contracts.md#screens-and-routes): login, coming soon and the error pages — no
 * navigation.
 */
import { Box } from '@mantine/core';
import { Outlet, useNavigation } from 'react-router-dom';
import { TopProgressBar } from '../../components/GlobalLoading';

export function Component() {
  const navigation = useNavigation();
  return (
    <Box component="main" mih="100dvh">
      <TopProgressBar visible={navigation.state === 'loading'} />
      <Outlet />
    </Box>
  );
}

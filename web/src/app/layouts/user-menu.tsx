/** Header menu of the logged-in user: name, settings, logout. */
import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconLogout, IconSettings, IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { findRoute } from '../../config/paths';
import { useLogout } from '../../features/auth/hooks/use-logout';
import { allowedImageUrl } from '../../lib/images';
import { useSession } from '../../lib/session';
import { useNavigationLang } from '../../lib/i18n';
import { useNavigationLabels } from '../../lib/route-labels';

export function UserMenu() {
  const { t } = useTranslation();
  const { routeLabel } = useNavigationLabels();
  const lang = useNavigationLang();
  const { userInfo } = useSession();
  const logout = useLogout();
  const settings = findRoute('user-settings');
  const twoFactor = findRoute('two-factor');
  const name = userInfo?.displayName ?? '';

  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        {/* Named by its content ("Conta", then what it shows): an aria-label without the initials and
            the name on screen would not match what people see (WCAG 2.5.3, label in name). 44 px
            high: a touch target of its own on phones. */}
        <UnstyledButton mih={44} miw={44}>
          <VisuallyHidden lang={lang}>{t('header.account')}</VisuallyHidden>
          <Group gap="xs" wrap="nowrap">
            <Avatar
              src={allowedImageUrl(userInfo?.photoURL)}
              alt=""
              name={name}
              color="initials"
              radius="xl"
              size={34}
            />
            <Text size="sm" fw={500} visibleFrom="md" maw={160} truncate>
              {name}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown lang={lang}>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {userInfo?.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        {settings ? (
          <Menu.Item component={Link} to={settings.path} leftSection={<IconSettings size={16} />}>
            {routeLabel(settings.name)}
          </Menu.Item>
        ) : null}
        {twoFactor ? (
          <Menu.Item component={Link} to={twoFactor.path} leftSection={<IconShieldLock size={16} />}>
            {routeLabel(twoFactor.name)}
          </Menu.Item>
        ) : null}
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void logout()}>
          {t('header.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** English texts. */
import type { Messages } from './pt-BR';

export const en: Messages = {
  nav: {
    categories: {
      geral: 'General',
      administracao: 'Administration',
      dashboards: 'Dashboards',
      relatorios: 'Reports',
    },
    routes: {
      home: 'Home',
      'user-settings': 'User settings',
      'quick-replies': 'Quick replies',
      'scheduled-messages': 'Scheduled messages',
      'two-factor': 'Two-factor authentication',
      users: 'Users',
      tenants: 'Tenants',
      instances: 'Instances',
      chatbot: 'Chatbot',
      campaigns: 'Campaigns',
      webhooks: 'Webhooks',
      customers: 'Customers',
      'closing-reasons': 'Closing reasons',
      'roles-list': 'Roles',
      'roles-edit': 'Edit role',
      'dashboard-analytics': 'Analytics',
      'dashboard-control-panel': 'Control panel',
      'dashboard-maria-panel': 'Maria panel',
      'dashboard-produtivity-report': 'Productivity report',
      'dashboard-report': 'Reports',
      'dashboard-report-smart': 'Smart reports',
    },
  },
  header: {
    openMenu: 'Open menu',
    expandSidebar: 'Expand sidebar',
    collapseSidebar: 'Collapse sidebar',
    theme: 'Theme',
    themes: { light: 'Light', dark: 'Dark', 'semi-dark': 'Semi-dark' },
    layout: 'Layout',
    layouts: { vertical: 'Vertical', horizontal: 'Horizontal' },
    language: 'Language',
    account: 'Account',
    logout: 'Log out',
  },
};

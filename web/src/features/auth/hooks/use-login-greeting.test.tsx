import { notifications } from '@mantine/notifications';
import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { greetAfterLogin, takeLoginGreeting } from '../login-greeting';
import { useLoginGreeting } from './use-login-greeting';

// docs/contracts.md#error-messages ("Alternate login path"): the success texts, exactly.
describe('useLoginGreeting', () => {
  beforeEach(() => {
    takeLoginGreeting();
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
  });

  it('greets once after a login', () => {
    greetAfterLogin();
    renderHook(() => useLoginGreeting()).unmount();
    renderHook(() => useLoginGreeting());
    expect(notifications.show).toHaveBeenCalledTimes(1);
    expect(notifications.show).toHaveBeenCalledWith({
      color: 'teal',
      title: 'Logado com sucesso!',
      message: 'Você entrou na plataforma com sucesso!',
    });
  });

  it('says nothing when the screen opens without a login (a reload)', () => {
    renderHook(() => useLoginGreeting());
    expect(notifications.show).not.toHaveBeenCalled();
  });
});

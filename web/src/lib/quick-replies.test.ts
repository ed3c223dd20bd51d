import { describe, expect, it } from 'vitest';
import { fillVariables, greetingAt, scopeLabel, unknownVariables } from './quick-replies';

describe('quick replies', () => {
  it('names the scope as the badges say it', () => {
    expect(scopeLabel({ scope: 'tenant', department: null })).toBe('Empresa');
    expect(scopeLabel({ scope: 'department', department: { id: 4, name: 'Vendas' } })).toBe('Departamento: Vendas');
    expect(scopeLabel({ scope: 'personal', department: null })).toBe('Pessoal');
  });

  it('fills the known variables, spaces inside the braces allowed, and leaves the others', () => {
    expect(fillVariables('{{ saudacao }}, {{nome}}! {{x}}', { saudacao: 'Bom dia', nome: 'Maria' })).toBe(
      'Bom dia, Maria! {{x}}',
    );
    expect(unknownVariables('{{nome}} {{ x }} {{y}} {{x}}')).toEqual(['x', 'y']);
  });

  it('greets by the São Paulo hour (UTC−3)', () => {
    expect(greetingAt(new Date('2026-12-05T07:59:00Z'))).toBe('Boa noite');
    expect(greetingAt(new Date('2026-12-05T08:00:00Z'))).toBe('Bom dia');
    expect(greetingAt(new Date('2026-12-05T14:59:00Z'))).toBe('Bom dia');
    expect(greetingAt(new Date('2026-12-05T15:00:00Z'))).toBe('Boa tarde');
    expect(greetingAt(new Date('2026-12-05T21:00:00Z'))).toBe('Boa noite');
  });
});

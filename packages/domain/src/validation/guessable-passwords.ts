/**
 * New passwords are refused when they are all whitespace or among the most used passwords
 * (NIST SP 800-63B, 5.1.1.2: check against commonly used values). Only those of at least 8
 * characters are listed, since shorter ones are refused anyway. Dutch and English, from the
 * published top lists, plus the names of this product.
 */
const COMMON_PASSWORDS = new Set([
  '12345678', '123456789', '1234567890', '0123456789', '87654321', '11111111', '00000000', '12341234',
  '11223344', '12121212', '88888888', '99999999', '123123123', '147258369', '987654321', '1q2w3e4r',
  '1qaz2wsx', 'qwertyui', 'qwertyuiop', 'qwerty123', 'qwerty12', 'asdfghjk', 'asdfasdf', 'zxcvbnm1',
  'password', 'password1', 'password12', 'password123', 'passw0rd', 'p@ssw0rd', 'p@ssword', 'wachtwoord',
  'wachtwoord1', 'wachtwoord123', 'welkom01', 'welkom12', 'welkom123', 'welkom2024', 'welkom2025', 'welkom2026',
  'welcome1', 'welcome123', 'iloveyou', 'iloveyou1', 'sunshine', 'princess', 'football', 'baseball',
  'superman', 'trustno1', 'letmein1', 'abcd1234', 'abc12345', 'abcdefgh', 'aa123456', 'changeme',
  'computer', 'internet', 'starwars', 'whatever', 'michelle', 'jennifer', 'zaq12wsx', 'monkey123',
  'dragon123', 'master123', 'shadow123', 'administrator', 'admin123', 'admin1234', 'beheerder', 'geheim123',
  'voetbal1', 'feyenoord', 'ajax1900', 'amsterdam', 'rotterdam', 'nederland', 'legionella', 'aquasmart',
  'aquasmart1', 'aquasmart123', 'portaal123', 'zomer2026', 'winter2026', 'herfst2026', 'lente2026', 'test1234',
]);

export function isGuessablePassword(password: string): boolean {
  return password.trim() === '' || COMMON_PASSWORDS.has(password.trim().toLowerCase());
}

import auth from './en/auth.json';
import common from './en/common.json';
import landing from './en/landing.json';
import validation from './en/validation.json';

export default { auth, common, landing, validation } as Record<string, unknown>;

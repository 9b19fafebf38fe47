import auth from './ru/auth.json';
import common from './ru/common.json';
import landing from './ru/landing.json';
import validation from './ru/validation.json';

export default { auth, common, landing, validation } as Record<string, unknown>;

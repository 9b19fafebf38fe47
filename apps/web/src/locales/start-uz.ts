import auth from './uz/auth.json';
import common from './uz/common.json';
import landing from './uz/landing.json';
import validation from './uz/validation.json';

export default { auth, common, landing, validation } as Record<string, unknown>;

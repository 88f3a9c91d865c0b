"""The registered claims, one module per paper (listing the package imports them, and importing a module
registers its claims: :func:`regretlab._discovery.import_all`)."""

from regretlab._discovery import import_all

import_all(__name__, __path__)

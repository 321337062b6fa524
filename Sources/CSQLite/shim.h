// SQLite 3, the system library (Debian package libsqlite3-dev): the SQLite reader opens a
// database read-only through its C interface.
#include <sqlite3.h>

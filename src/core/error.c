/* isolab: error reports. */
#include <stdarg.h>
#include <stdio.h>

#include "isolab/error.h"

isl_status isl_fail(isl_error *err, isl_status status, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
        err->status = status;
    }
    return status;
}

void isl_error_clear(isl_error *err)
{
    if (err) {
        err->status = ISL_OK;
        err->msg[0] = '\0';
    }
}

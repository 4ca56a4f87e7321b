/* isolab: error reports. */
#include <stdarg.h>
#include <stdio.h>

#include "isolab/error.h"

isl_status isl_fail_why(isl_error *err, isl_status status, isl_reason why, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
        err->status = status;
        err->reason = why;
    }
    return status;
}

void isl_error_clear(isl_error *err)
{
    if (err) {
        err->status = ISL_OK;
        err->reason = ISL_R_NONE;
        err->msg[0] = '\0';
    }
}

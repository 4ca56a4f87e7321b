/* isolab: the records between a probe's child and its runner
 * (src/kernel/probe.h): one record a SOCK_SEQPACKET packet. */
#define _GNU_SOURCE
#include <errno.h>
#include <sys/socket.h>

#include "probe.h"

int isl_wire_send(int sock, const void *p, size_t n)
{
    while (send(sock, p, n, MSG_NOSIGNAL) < 0)
        if (errno != EINTR) return errno;
    return 0;
}

int isl_build_ask(isl_build *b, int what)
{
    char c = (char)what;
    int e = isl_wire_send(b->sock, &c, 1);
    if (e) return e;
    int reply;
    ssize_t k;
    while ((k = recv(b->sock, &reply, sizeof reply, 0)) < 0 && errno == EINTR) {}
    return k == (ssize_t)sizeof reply ? reply : EPROTO;
}

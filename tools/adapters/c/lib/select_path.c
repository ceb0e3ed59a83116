#include "select_path.h"

bool select_path_is_tunnel(select_path path)
{
    return path == SELECT_PATH_LAN || path == SELECT_PATH_RELAY;
}

bool select_status_in_flight(select_status status)
{
    return status == SELECT_CONNECTING || status == SELECT_PROBING;
}

const char *select_path_name(select_path path)
{
    switch (path) {
    case SELECT_PATH_LAN: return "lan";
    case SELECT_PATH_RELAY: return "relay";
    case SELECT_PATH_CLOUD:
    case SELECT_PATH_COUNT:
    default: return "cloud";
    }
}

const char *select_status_name(select_status status)
{
    switch (status) {
    case SELECT_CONNECTING: return "connecting";
    case SELECT_PROBING: return "probing";
    case SELECT_UP: return "up";
    case SELECT_OFF:
    case SELECT_STATUS_COUNT:
    default: return "off";
    }
}
